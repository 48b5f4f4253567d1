import BowlerTraxKit

print("bowlertrax-render")
